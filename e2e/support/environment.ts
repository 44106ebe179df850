import { inject } from 'vitest';

/** What the e2e global setup started, handed to every test file through `provide`/`inject`. */
export interface E2eEnvironment {
  /** The built demo site, e.g. `http://127.0.0.1:41234`. */
  siteUrl: string;
  /** The local platform the site reads from (behind the fault-injecting proxy). */
  platformUrl: string;
  /** Token values the site holds; they must never reach a browser. */
  deliveryToken: string;
  previewToken: string;
  /** Settings the site server was started with, as the version page must show them. */
  version: {
    commitRef: string;
    buildNo: string;
    pipelineUrl: string;
    repository: string;
    publicUri: string;
    environmentAlias: string;
    servers: { preview: string; iis: string; iisPreview: string };
    otherProject: { id: string; publicUri: string };
  };
  /** A site path whose node lookup the platform answers with a 500. */
  failingPath: string;
  /** Text in that 500 answer that must never reach a visitor. */
  failureSecret: string;
  /** The platform's data directory; its `outbox/` holds the mails it wrote (reset links). */
  platformDataDir: string;
  /** The built copy of the demo site the server serves (for tests that start a server of their own). */
  siteRoot: string;
  /**
   * The log file of the site, the platform and the proxy (one JSON object a line, see
   * `support/server-log.ts`); a failed test prints its notable lines.
   */
  serverLog: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eEnvironment;
  }
}

/** The running environment (only inside e2e test files). */
export function e2eEnvironment(): E2eEnvironment {
  return inject('e2e');
}
