"""What more than one tool uses: starting processes (processes.py), compiling C (c_compiler.py), the commit (git.py)."""
