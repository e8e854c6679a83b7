// Polls the server's health every 5 s while the page is visible, for the DynamoDB pill and status bar.
import { useEffect } from 'react';
import type { HealthResponse } from '../../core/contract/contract.ts';
import { useStore } from '../../store/index.ts';

const POLL_MS = 5000;

export function useHealthPolling(): void {
  const refresh = useStore((s) => s.refreshHealth);
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
}

export type HealthTone = 'ok' | 'busy' | 'off';

export interface HealthSummary {
  tone: HealthTone;
  label: string;
  detail: string;
}

export function summarizeHealth(health: HealthResponse | null, error: string | null): HealthSummary {
  if (!health) {
    return {
      tone: 'off',
      label: 'offline',
      detail: error
        ? `${error} Start it with "npx keyplan serve" to apply and run on DynamoDB Local; designing works offline.`
        : 'Checking the Keyplan server…',
    };
  }
  const where =
    health.dynamodb.mode === 'embedded' ? 'Local' : health.dynamodb.mode === 'aws' ? 'AWS' : 'External';
  switch (health.dynamodb.status) {
    case 'up':
      return {
        tone: 'ok',
        label: `${where} · up`,
        detail: `DynamoDB ${where} is up (session ${health.namespace}).`,
      };
    case 'starting':
      return { tone: 'busy', label: `${where} · starting`, detail: 'DynamoDB Local is starting…' };
    case 'restarting':
      return {
        tone: 'busy',
        label: `${where} · restarting`,
        detail: 'DynamoDB Local stopped and is restarting…',
      };
    default:
      return {
        tone: 'off',
        label: `${where} · down`,
        detail: 'DynamoDB is not reachable from the Keyplan server.',
      };
  }
}
