/** Every query of the portal lives under this key (removed whole at sign-in, company switch and sign-out). */
export const portalKey = ['driverPortal'] as const;
export const meKey = [...portalKey, 'me'] as const;
export const homeKey = [...portalKey, 'home'] as const;
export const billsKey = [...portalKey, 'bills'] as const;
export const violationsKey = [...portalKey, 'violations'] as const;
export const documentsKey = [...portalKey, 'documents'] as const;
/** The back office's reading of what drivers sent (the driver page's tab). */
export const adminKey = ['driverPortalAdmin'] as const;
