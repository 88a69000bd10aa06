"""gpu_advisor.ui.widgets."""
