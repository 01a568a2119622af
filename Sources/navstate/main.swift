import NavstateCLI

Navstate.mainSuggestingCommands()
