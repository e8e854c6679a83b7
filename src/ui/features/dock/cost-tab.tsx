// Cost: per-pattern capacity and monthly cost. The panel and the estimators load on first use.
import { lazy, Suspense } from 'react';

const CostPanel = lazy(() => import('../analysis/cost-panel.tsx'));

export function CostTab() {
  return (
    <Suspense fallback={<p className="dock-empty-line">Loading the estimates…</p>}>
      <CostPanel />
    </Suspense>
  );
}
