"""gpu_advisor.ui.pages."""
