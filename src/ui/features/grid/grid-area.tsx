// Placeholder: the live item grid with view tabs
export function GridArea() {
  return <div className="placeholder">GridArea</div>;
}
