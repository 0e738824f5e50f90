"""Tonight's tables, under ``/clubs/<slug>/tonight/``; names ``tonight:…``."""

from django.urls import path

from scoring.evenings import views

app_name = "tonight"
urlpatterns = [
    path("", views.choose_game, name="choose_game"),
    path("groups/", views.groups, name="groups"),
    path("groups/<int:pk>/", views.group_edit, name="group_edit"),
    path("groups/<int:pk>/delete/", views.group_delete, name="group_delete"),
    path("<slug:variant>/", views.evening, name="evening"),
    path("<slug:variant>/check-in/", views.check_in, name="check_in"),
    path("<slug:variant>/guest/", views.guest, name="guest"),
    path("<slug:variant>/again/", views.again, name="again"),
    path("<slug:variant>/swap/", views.swap, name="swap"),
    path("<slug:variant>/start/", views.start, name="start"),
    path("<slug:variant>/next/", views.next_tables, name="next"),
    path("<slug:variant>/print/", views.print_seating, name="print"),
]
