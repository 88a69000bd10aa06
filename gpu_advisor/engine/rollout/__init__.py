"""What the plan rolls out: the environment the files run on, the generated launch and monitoring configs, the vendor test kit, and the checklist and review state."""
