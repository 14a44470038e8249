// lib/partner: everything the storefront needs to talk to the upstream Partner API v1.0.9.
export * from "./schemas";
export * from "./error-codes";
export * from "./client";
