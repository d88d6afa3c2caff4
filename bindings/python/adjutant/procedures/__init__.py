"""What every plugin's procedures share: dice from a seed or given at the table (rolls), a chart
file's tables with lookups and exact chances (charts), the report as text, JSON and chat (report),
the changed game and the report written as new files (outputs), and a plugin's demo as steps (demo)."""
