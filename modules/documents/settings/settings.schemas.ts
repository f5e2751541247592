/** The tenant's storage limits (doc_settings, with the configured defaults). */
export interface Settings {
  quotaBytes: number;
  maxFileBytes: number;
  versionLimit: number;
  retentionDays: number;
  notifyOnAccess: boolean;
}
