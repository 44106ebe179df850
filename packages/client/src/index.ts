// Public surface of @canopy/client (filled as modules land).
export {};
