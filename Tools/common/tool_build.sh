# Tools/common/tool_build.sh — the shared tail of Scripts/crash and Scripts/powercut: --help from the
# calling script's header, --bin-dir (or a debug build into the tool's own scratch folder), then
# the tool's Python module with the executables' folder. Sourced, not run.
#
#   tool_build_and_run NAME DEFAULT_SCRATCH PYTHON_MODULE ARGS...

tool_build_and_run() {
    local name="$1" default_scratch="$2" module="$3"
    shift 3
    local script="${BASH_SOURCE[1]}" bin="" args=()
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -h|--help) sed -n '2,/^$/p' "$script" | sed 's/^# \{0,1\}//'; exit 0 ;;
            --bin-dir) bin="$(cd "$2" && pwd)"; shift 2 ;;
            *) args+=("$1"); shift ;;
        esac
    done
    cd "$repo_root"
    # shellcheck source=Scripts/setup
    source "$repo_root/Scripts/setup"
    if [[ -z "$bin" ]]; then
        local scratch="${SWIFT_SCRATCH:-$default_scratch}"
        printf '%s: swift build (scratch: %s)\n' "$name" "$scratch" >&2
        if ! swift build --scratch-path "$scratch" >&2; then
            echo "$name: error: the build failed" >&2
            exit 2
        fi
        bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
    fi
    # The interpreter itself, not a pyenv shim that forks: a signal to this pid reaches the tool.
    local python
    python="$(python3 -c 'import sys; print(sys.executable)')"
    export PYTHONPATH="$repo_root/Tools${PYTHONPATH:+:$PYTHONPATH}"
    exec "$python" -m "$module" --bin-dir "$bin" ${args[@]+"${args[@]}"}
}
