"""Scripts/chaos's run: the request channel under kill -9 (python3 -m chaos.run, Tools on PYTHONPATH)."""
