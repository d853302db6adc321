"""The practice table: games against the tutor, reviews, the terminal."""
