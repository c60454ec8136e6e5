"""The game server: tables as the authority over each game, REST + WebSocket, persistence.

``server.app.create_app(settings)`` builds the FastAPI application; ``wuerfelwerk serve``
runs it. Importing this package alone loads nothing heavy (the CLI imports pieces of it).
"""
