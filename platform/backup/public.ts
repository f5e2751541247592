// Nothing of the backup is for other units: it is reached at GET /api/admin/backup.
