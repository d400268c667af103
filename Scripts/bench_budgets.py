"""Scripts/bench_budgets.py — the budgets of ARCHITECTURE.md §8 that Scripts/bench judges against."""

# ARCHITECTURE.md §8. Time: whole process ≤ 2 × hello-reference (stretch 1.5 ×).
TIME_BUDGET_RATIO = 2.0
TIME_STRETCH_RATIO = 1.5
# Peak RSS ceilings in MiB. (§8 states these for each extension's real work — notify-service
# decrypting and enriching a push, broadcast at 1080p; bootstrap is the floor under all of them.)
RSS_BUDGET_MIB = {
    "notify-service": 20,
    "widget": 24,
    "intents": 24,
    "broadcast": 40,
    "share": 64,
}
