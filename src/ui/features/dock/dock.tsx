// Placeholder: Result / Problems / Cost
export function Dock() {
  return <div className="placeholder">Dock</div>;
}
