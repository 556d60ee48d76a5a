"""Code both Pythons run: the view decoder, the protocol, card words."""
