/** Only a path of this app may be a redirect target (no `//host`, no scheme): no open redirect. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
