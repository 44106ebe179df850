/** Where the framework logs route errors and other events worth a look. */
export interface SiteLogger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** The console, as a {@link SiteLogger}. */
export const consoleLogger: SiteLogger = {
  info: (message, details) => console.info(message, details ?? ''),
  warn: (message, details) => console.warn(message, details ?? ''),
  error: (message, details) => console.error(message, details ?? ''),
};
