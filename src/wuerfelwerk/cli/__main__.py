from .main import main

# Guarded: the server's analysis workers are spawned processes, which import the main
# module again (``python -m wuerfelwerk.cli serve``) and must not run the command.
if __name__ == "__main__":
    main()
