namespace speedlab {}
