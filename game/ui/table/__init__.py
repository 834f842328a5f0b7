"""The card table: layout, sprites, what the events look like, the table scene."""
