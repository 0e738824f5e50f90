"""URLs of tarokclub: accounts, language, the admin, and the club pages."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.accounts import views as accounts
from scoring.manifest import manifest

urlpatterns = [
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", accounts.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", accounts.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/reset/done/", accounts.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("manifest.webmanifest", manifest, name="manifest"),
    path("admin/", admin.site.urls),
    path("", include("scoring.urls")),
]
