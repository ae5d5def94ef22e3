import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { once } from 'node:events';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect provider (`oidc-provider`) for sign-in tests: one confidential client,
 * dev interactions (a login form taking any login and password, then a consent screen). The login
 * becomes the subject; the email claim is `<login>@oidc.test`, verified.
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUris: string[] }) {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    // Explicit lifetimes keep the provider from printing its development notices.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    pkce: { required: () => false },
    async findAccount(_context: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: `${id}@oidc.test`, email_verified: true, name: `OIDC ${id}` };
        },
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
