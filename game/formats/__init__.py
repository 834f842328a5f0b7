"""The file and wire formats around the rules: scenario files (conformance/FORMAT.md) and
the bot protocol (BOT_PROTOCOL.md). The rules know nothing of them."""
