"""The referee: play, tricks, scoring, the exchange and whole hands, decided from the rule book."""
