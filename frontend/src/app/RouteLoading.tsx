export function RouteLoading() {
  return (
    <div className="route-loading" role="status" aria-label="Loading">
      <span className="route-spinner" />
    </div>
  );
}
