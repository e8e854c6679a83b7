// Cost: per-pattern capacity and monthly cost, once the analysis computes them.
export function CostTab() {
  return (
    <div className="empty-state dock-empty" data-testid="cost.empty">
      <h3>No estimates yet</h3>
      <p>Capacity and cost estimates arrive with the analysis.</p>
    </div>
  );
}
