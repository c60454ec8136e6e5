"""The ``wuerfelwerk`` command: one module per subcommand, ``main.py`` joins them."""
