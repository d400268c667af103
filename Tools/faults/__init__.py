"""Scripts/faults's run: full disk and failing writes (python3 -m faults.run, Tools on PYTHONPATH)."""
