"""Adapters for the RL frameworks: PettingZoo (``pettingzoo``) and OpenSpiel (``openspiel``).

Both are thin: they drive the core game API and turn ``state.observation(player)`` into
the observation tensors of ``tensors`` (the same arrays in both frameworks). The
frameworks are optional extras (``pip install 'wuerfelwerk[rl]'``), so nothing here is
imported until asked for.
"""
