"""One module per ``ecarte-tutor`` sub-command (see cli.COMMANDS)."""
