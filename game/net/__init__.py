"""Play across machines: a table this machine hosts for friends on others, and a seat
taken at a friend's (docs/NETWORK.md). Below the screens and above the services: the
wire runs in a thread of its own, and the window only reads what has arrived."""
