import { isProductionHost } from '@wellspring/domain';

/**
 * Per-deployment settings. The server writes them as JSON into
 * `<meta name="wellspring-config" content="__WELLSPRING_CONFIG__">` when it serves index.html;
 * under `vite dev` the placeholder stays and the defaults below apply.
 */
export interface SiteConfig {
  readonly contactEmail: string;
  /** True on the public production host: only `/` is served there and the header is minimal. */
  readonly productionHost: boolean;
  /** The server's idle limit (SESSION_IDLE_MINUTES): a signed-in page left alone this long goes to sign-in. */
  readonly sessionIdleMinutes: number;
  /**
   * The page's request carried a session cookie (which is HttpOnly). Without one the visitor is
   * signed out and the page need not ask the API; under `vite dev` it is unknown, so assumed.
   */
  readonly sessionCookie: boolean;
}

export const DEFAULT_CONTACT_EMAIL = 'hello@wellspring.health';
/** The server's default idle limit, for `vite dev` (no config written into the page). */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
const PLACEHOLDER = '__WELLSPRING_CONFIG__';
/** Under `vite dev` there is no preview domain to consult: only the local names count as non-production. */
export const isProductionHostname = (hostname: string): boolean => isProductionHost(hostname, null);

function parseConfig(content: string | null | undefined): Partial<SiteConfig> {
  if (!content || content === PLACEHOLDER) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { contactEmail, productionHost, sessionIdleMinutes, sessionCookie } = parsed as Record<string, unknown>;
    return {
      ...(typeof contactEmail === 'string' && contactEmail.includes('@') ? { contactEmail } : {}),
      ...(typeof productionHost === 'boolean' ? { productionHost } : {}),
      ...(typeof sessionIdleMinutes === 'number' && sessionIdleMinutes > 0 ? { sessionIdleMinutes } : {}),
      ...(typeof sessionCookie === 'boolean' ? { sessionCookie } : {}),
    };
  } catch {
    return {};
  }
}

export function readSiteConfig(doc: Document = document, hostname: string = window.location.hostname): SiteConfig {
  const content = doc.querySelector('meta[name="wellspring-config"]')?.getAttribute('content');
  const configured = parseConfig(content);
  return {
    contactEmail: configured.contactEmail ?? DEFAULT_CONTACT_EMAIL,
    productionHost: configured.productionHost ?? isProductionHostname(hostname),
    sessionIdleMinutes: configured.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES,
    sessionCookie: configured.sessionCookie ?? true,
  };
}

let cached: SiteConfig | undefined;

export function siteConfig(): SiteConfig {
  cached ??= readSiteConfig();
  return cached;
}
