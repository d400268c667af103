"""Scripts/bench's measurements, one part a module; runner.py runs them all (python3 -m bench.runner, Tools on PYTHONPATH)."""
