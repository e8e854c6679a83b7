// Placeholder: blank, example or import
export function StartScreen() {
  return <div className="placeholder">StartScreen</div>;
}
