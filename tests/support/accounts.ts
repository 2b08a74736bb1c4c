// The one administrator every end-to-end server provisions (ADMIN_EMAIL/ADMIN_PASSWORD at start) and every
// admin spec signs in as (tests/support/admin-fixtures.ts).
export const ADMIN = { email: "admin@example.com", password: "atelier-admin-e2e-password", name: "Mara Ellison" };

/**
 * The environment of a server of a spec's own (startAppServer) whose administrator is ADMIN, made at start from
 * ADMIN_EMAIL, and whose sign-in limits allow the many sign-ins of a spec.
 */
export const ADMIN_SERVER_ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_NAME: ADMIN.name,
  AUTH_RATE_LIMIT_MULTIPLIER: "50",
} as const;
