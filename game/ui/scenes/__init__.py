"""The screens around the table: title, new game, load and save, rules, settings,
statistics, and the overlays of the table (menu, results, passing the device)."""
