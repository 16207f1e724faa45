import * as oauth from 'oauth4webapi';
import {
  isLoopbackOrigin,
  revokeGrant,
  timedFetch,
  tokenCall,
  type OAuthParties,
  type ProviderHttpOptions,
} from './http.js';

/**
 * What the two wearable providers share (decision 086 "Connected wearable accounts"): an OAuth 2.0 authorization
 * server reached with the authorization code grant and PKCE (S256), refresh and revocation, every call timed, and
 * http:// only to this machine. Each provider names its endpoints, its client authentication, its scopes and what it
 * adds to each call.
 */
export abstract class OAuthStepProvider {
  protected readonly parties: OAuthParties;
  protected readonly fetch: ReturnType<typeof timedFetch>;
  protected readonly insecure: boolean;
  protected readonly now: () => number;

  protected constructor(
    /** The provider's name in errors (`Fitbit token (refresh_token): …`). */
    private readonly provider: string,
    server: { as: oauth.AuthorizationServer; clientId: string; auth: oauth.ClientAuth; origins: string[] },
    options: ProviderHttpOptions & { now?: () => number },
  ) {
    this.parties = { as: server.as, client: { client_id: server.clientId }, auth: server.auth };
    this.fetch = timedFetch(provider, options);
    this.insecure = server.origins.some(isLoopbackOrigin);
    this.now = options.now ?? Date.now;
  }

  /** The authorize page's address: the code flow with S256, and what the provider asks for after `state`. */
  protected authorizeAt(
    input: { state: string; codeChallenge: string; redirectUri: string },
    scopes: readonly string[],
    extra: Record<string, string> = {},
  ): string {
    const url = new URL(this.parties.as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.parties.client.client_id,
      redirect_uri: input.redirectUri,
      scope: scopes.join(' '),
      state: input.state,
      ...extra,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /** The authorization_code grant, with the provider's extra body parameters and whether an ID token must come. */
  protected codeGrant(
    input: { code: string; codeVerifier: string; redirectUri: string },
    options: { additionalParameters?: Record<string, string>; requireIdToken?: boolean } = {},
  ): Promise<oauth.TokenEndpointResponse> {
    const { as, client, auth } = this.parties;
    const callback = oauth.validateAuthResponse(
      as,
      client,
      new URLSearchParams({ code: input.code }),
      oauth.skipStateCheck,
    );
    const { additionalParameters, requireIdToken } = options;
    return tokenCall(
      this.provider,
      'token (authorization_code)',
      (request) =>
        oauth.authorizationCodeGrantRequest(as, client, auth, callback, input.redirectUri, input.codeVerifier, {
          ...request,
          ...(additionalParameters ? { additionalParameters } : {}),
        }),
      (response) =>
        oauth.processAuthorizationCodeResponse(as, client, response, requireIdToken ? { requireIdToken } : undefined),
      this.fetch,
      this.insecure,
    );
  }

  /** The refresh_token grant. */
  protected refreshGrant(refreshToken: string): Promise<oauth.TokenEndpointResponse> {
    const { as, client, auth } = this.parties;
    return tokenCall(
      this.provider,
      'token (refresh_token)',
      (request) => oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, request),
      (response) => oauth.processRefreshTokenResponse(as, client, response),
      this.fetch,
      this.insecure,
    );
  }

  /**
   * Revokes the access token, which ends the grant (at Fitbit revoking either token does); when the provider no
   * longer knows it (expired), the refresh token is revoked instead. A token neither call knows is already gone.
   */
  async revoke(tokens: { accessToken: string; refreshToken: string }): Promise<void> {
    await revokeGrant(this.provider, this.parties, tokens, this.fetch, this.insecure);
  }
}
