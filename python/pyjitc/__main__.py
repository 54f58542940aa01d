"""`python -m pyjitc`: the command line (pyjitc_command)."""
import sys

from pyjitc_command import main

if __name__ == "__main__":
    sys.exit(main())
