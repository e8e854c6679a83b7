// The dock under the grid (⌘J): the selected pattern's run Result, the design's Problems, and Cost.

import { lazy, Suspense } from 'react';
import { useProblemCount } from '../../../store/analysis.ts';
import { useCompare } from '../../../store/compare.ts';
import { useStore } from '../../../store/index.ts';
import type { DockTab } from '../../../store/types.ts';
import { Icon } from '../../components/icon.tsx';
import { Splitter } from '../../components/splitter.tsx';
import { withShortcut } from '../../hooks/platform.ts';
import { CostTab } from './cost-tab.tsx';
import { ProblemsTab } from './problems-tab.tsx';
import { ResultTab } from './result-tab.tsx';
import './dock.css';

// While comparing with another version (Compare with… above the grid): its verdict and reasons, and the plan.
const CompareTab = lazy(() => import('../compare/compare-tabs.tsx').then((m) => ({ default: m.CompareTab })));
const PlanTab = lazy(() => import('../compare/compare-tabs.tsx').then((m) => ({ default: m.PlanTab })));

const MIN_HEIGHT = 120;

export function Dock() {
  const comparing = useCompare((s) => s.source !== null);
  const chosen = useStore((s) => s.dockTab);
  const tab = !comparing && (chosen === 'compare' || chosen === 'plan') ? 'result' : chosen;
  const setDockTab = useStore((s) => s.setDockTab);
  const height = useStore((s) => s.ui.dockHeight);
  const setUi = useStore((s) => s.setUi);
  const problems = useProblemCount();
  const tabs: { id: DockTab; label: React.ReactNode }[] = [
    { id: 'result', label: 'Result' },
    {
      id: 'problems',
      label: (
        <>
          Problems
          {problems > 0 && (
            <span className="dock-count">
              <Icon name="warn" size={12} />
              {problems}
            </span>
          )}
        </>
      ),
    },
    { id: 'cost', label: 'Cost' },
  ];
  if (comparing) tabs.push({ id: 'compare', label: 'Compare' }, { id: 'plan', label: 'Plan' });
  return (
    <section className="dock" style={{ height }} aria-label="Results and problems" data-testid="dock">
      <Splitter
        size={height}
        min={MIN_HEIGHT}
        max={Math.max(MIN_HEIGHT, Math.round(window.innerHeight * 0.7))}
        direction="up"
        ariaLabel="Resize the dock"
        className="dock-splitter"
        onResize={(dockHeight) => setUi({ dockHeight })}
      />
      <div className="tabs dock-tabs">
        {/* The tablist holds only its tabs (ARIA required children); the close button sits beside it. */}
        <div className="dock-tablist" role="tablist" aria-label="Dock">
          {tabs.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`dock-tab-${id}`}
              className="tab"
              aria-selected={tab === id}
              aria-controls="dock-panel"
              data-testid={`dock.tab.${id}`}
              onClick={() => setDockTab(id)}
            >
              {label}
            </button>
          ))}
        </div>
        <span className="dock-spacer" />
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm dock-close"
          aria-label={withShortcut('Hide the dock', 'Mod+J')}
          title={withShortcut('Hide the dock', 'Mod+J')}
          onClick={() => setUi({ dockOpen: false })}
        >
          <Icon name="close" size={12} />
        </button>
      </div>
      <div className="dock-body" id="dock-panel" role="tabpanel" aria-labelledby={`dock-tab-${tab}`}>
        {tab === 'result' && <ResultTab />}
        {tab === 'problems' && <ProblemsTab />}
        {tab === 'cost' && <CostTab />}
        {(tab === 'compare' || tab === 'plan') && (
          <Suspense fallback={<p className="dock-empty-line">Loading…</p>}>
            {tab === 'compare' ? <CompareTab /> : <PlanTab />}
          </Suspense>
        )}
      </div>
    </section>
  );
}
