"""One router per resource: games, tables, and the tables' WebSocket."""
