import NavstateCLI

Navstate.main()
