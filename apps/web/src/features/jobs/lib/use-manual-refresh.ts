import { useState } from 'react';

/** A Refresh button's handler and spinner: it spins for the fetch it asked for, not for the 2 s polls. */
export const useManualRefresh = (refetch: () => Promise<unknown>) => {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await refetch();
    } finally {
      setRefreshing(false);
    }
  };
  return { refreshing, refresh: () => void refresh() };
};
