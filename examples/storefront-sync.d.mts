export interface StoredLevel {
  sku: string | null;
  locationId: string | null;
  available: number;
  onHand: number;
  version: number;
}

export interface Storefront {
  stock: Map<string, StoredLevel>;
  counts: { delivered: number; duplicates: number; rejected: number; stale: number };
  subscriptionId: string;
  stop(): Promise<void>;
}

export function startStorefront(options: {
  api: string;
  token: string;
  publicUrl: (port: number) => string;
  port?: number;
  log?: (line: string) => void;
}): Promise<Storefront>;
