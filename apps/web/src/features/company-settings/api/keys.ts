/** Query keys of the company settings screen. */
export const companySettingsKey = ['company-settings'] as const;
export const rolesKey = [...companySettingsKey, 'roles'] as const;
