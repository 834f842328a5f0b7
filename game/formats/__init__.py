"""The file and wire formats around the rules: scenario files (docs/SCENARIOS.md) and
the bot protocol (BOT_PROTOCOL.md), one package of adapters per game (`support.Formats`,
found through the registry). The rules know nothing of them."""
