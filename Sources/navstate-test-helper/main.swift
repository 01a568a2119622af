// Placeholder until the crash tests define the helper's commands.
print("navstate-test-helper")
