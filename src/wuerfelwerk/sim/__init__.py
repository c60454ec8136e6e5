"""Simulation: many seeded games between agents, statistics, benchmarks."""
