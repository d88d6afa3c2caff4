"""The Roads to Antietam: the combined Stonewall Jackson's Way / Here Come the Rebels rules.
docs/r2a.md explains what the plugin reads and does."""
